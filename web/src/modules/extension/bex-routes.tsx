import { Route, Routes } from 'react-router-dom';
import { DevtoolsPage } from './devtools-page';
import { OptionsPage } from './options-page';
import { NewTicketPage, PopupPage } from './popup-pages';
import { RecordPage } from './record-page';
import { EmptyPage, ExtensionNotFound } from './simple-pages';
import { TextHighlightPage } from './text-highlight-page';

/**
 * The extension's pages (spec 2, extension routes), mounted under /bex/* by the SPA's router and by the extension's
 * own html pages (a memory router there): the same modules in both.
 */
export const BexRoutes = () => (
  <Routes>
    <Route path="popup">
      <Route index element={<PopupPage />} />
      <Route path="new-ticket" element={<NewTicketPage />} />
    </Route>
    <Route path="text-highlight" element={<TextHighlightPage />} />
    <Route path="options" element={<OptionsPage />} />
    <Route path="devtools" element={<DevtoolsPage />} />
    <Route path="record" element={<RecordPage />} />
    <Route path="empty" element={<EmptyPage />} />
    <Route path="*" element={<ExtensionNotFound />} />
  </Routes>
);
