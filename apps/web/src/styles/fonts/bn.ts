// Noto Sans Bengali, regular and bold (500 shows as regular, 600-900 as bold); see fonts.ts.
// For Bengali.
import '@fontsource/noto-sans-bengali/400.css';
import '@fontsource/noto-sans-bengali/700.css';
