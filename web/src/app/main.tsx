import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installWindowSettings } from '../shared/config/window-settings';
import { App } from './app';
import './styles/global.css';

installWindowSettings();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
