// Noto Sans Tamil, regular and bold (500 shows as regular, 600-900 as bold); see fonts.ts.
// For Tamil.
import '@fontsource/noto-sans-tamil/400.css';
import '@fontsource/noto-sans-tamil/700.css';
