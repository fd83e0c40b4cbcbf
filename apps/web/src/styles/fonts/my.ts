// Noto Sans Myanmar (Burmese), regular and bold (500 shows as regular, 600-900 as bold); see fonts.ts.
import '@fontsource/noto-sans-myanmar/400.css';
import '@fontsource/noto-sans-myanmar/700.css';
