// Must stay first: it configures zod before any module builds a schema.
import './lib/zodConfig';
// Then the interface language, before anything reads a sentence.
import './lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The base stylesheet before the app, so each feature's own stylesheet comes after it.
import './styles/index.css';
import { App } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
