// Noto Sans Thai, regular and bold (500 shows as regular, 600-900 as bold); see fonts.ts.
import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/700.css';
