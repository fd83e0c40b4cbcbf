// Noto Sans JP (Japanese), regular and bold (500 shows as regular, 600-900 as bold); see fonts.ts.
import '@fontsource/noto-sans-jp/400.css';
import '@fontsource/noto-sans-jp/700.css';
