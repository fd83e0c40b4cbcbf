// Noto Sans Telugu, regular and bold (500 shows as regular, 600-900 as bold); see fonts.ts.
// For Telugu.
import '@fontsource/noto-sans-telugu/400.css';
import '@fontsource/noto-sans-telugu/700.css';
