// Noto Sans TC (Chinese traditional), regular and bold (500 shows as regular, 600-900 as bold); see fonts.ts.
import '@fontsource/noto-sans-tc/400.css';
import '@fontsource/noto-sans-tc/700.css';
