// Noto Sans Lao, regular and bold (500 shows as regular, 600-900 as bold); see fonts.ts.
// For Lao.
import '@fontsource/noto-sans-lao/400.css';
import '@fontsource/noto-sans-lao/700.css';
