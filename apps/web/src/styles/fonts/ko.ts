// Noto Sans KR, regular and bold (500 shows as regular, 600-900 as bold); see fonts.ts.
// For Korean (its faces come in about 100 slices each, picked by the page's text).
import '@fontsource/noto-sans-kr/400.css';
import '@fontsource/noto-sans-kr/700.css';
