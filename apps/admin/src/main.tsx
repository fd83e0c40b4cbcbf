import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app.tsx';
import { ADMIN_MARKER } from './marker.ts';

// The console names itself on its document: the player build is checked for this very string
// (e2e/backoffice-console.spec.ts), so none of the back office's code can reach a player's bundle.
document.documentElement.dataset.app = ADMIN_MARKER;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
