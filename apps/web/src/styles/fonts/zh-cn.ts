// Noto Sans SC (Chinese simplified), regular and bold (500 shows as regular, 600-900 as bold); see fonts.ts.
import '@fontsource/noto-sans-sc/400.css';
import '@fontsource/noto-sans-sc/700.css';
