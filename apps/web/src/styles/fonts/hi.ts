// Noto Sans Devanagari, regular and bold (500 shows as regular, 600-900 as bold); see fonts.ts.
// For Hindi and Nepali.
import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-devanagari/700.css';
