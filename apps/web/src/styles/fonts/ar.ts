// Noto Sans Arabic, regular and bold (500 shows as regular, 600-900 as bold); see fonts.ts.
// For Arabic, Persian and Urdu.
import '@fontsource/noto-sans-arabic/400.css';
import '@fontsource/noto-sans-arabic/700.css';
