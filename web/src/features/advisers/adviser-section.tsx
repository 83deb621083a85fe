import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../shared/ui/not-found-page';

const AdviserHomePage = lazy(() => import('./pages/adviser-home-page'));

export function AdviserSection() {
  return (
    <Routes>
      <Route index element={<AdviserHomePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
