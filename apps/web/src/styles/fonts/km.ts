// Noto Sans Khmer, regular and bold (500 shows as regular, 600-900 as bold); see fonts.ts.
// For Khmer.
import '@fontsource/noto-sans-khmer/400.css';
import '@fontsource/noto-sans-khmer/700.css';
