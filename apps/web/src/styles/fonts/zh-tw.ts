// Noto Sans TC (Chinese traditional), regular and bold (500 shows as regular, 600-900 as bold); see fonts.ts.
// A real bold face: Chromium left synthetic-bold text whose face arrived late as empty boxes.
import '@fontsource/noto-sans-tc/400.css';
import '@fontsource/noto-sans-tc/700.css';
