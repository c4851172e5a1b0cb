import Pagination from '@cloudscape-design/components/pagination';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A long list shown a page at a time (Cloudscape's table draws every row it is given); back to page 1 when the list changes. */
export const usePaged = <T,>(items: readonly T[], pageSize: number) => {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  useEffect(() => setPage(1), [items]);
  const current = Math.min(page, pages);
  return { items: items.slice((current - 1) * pageSize, current * pageSize), page: current, pages, setPage };
};

export type PagedTableProps<T> = Omit<TableProps<T>, 'items' | 'pagination'> & { items: readonly T[]; pageSize?: number };

/** An embedded table of a chart's figures, paged. */
export const PagedTable = <T,>({ items, pageSize = 20, ...table }: PagedTableProps<T>) => {
  const { t } = useTranslation();
  const paged = usePaged(items, pageSize);
  return (
    <Table
      variant="embedded"
      wrapLines={false}
      {...table}
      items={paged.items}
      pagination={
        paged.pages > 1 ? (
          <Pagination
            currentPageIndex={paged.page}
            pagesCount={paged.pages}
            onChange={({ detail }) => paged.setPage(detail.currentPageIndex)}
            ariaLabels={{
              nextPageLabel: t('analytics.pagination.next'),
              previousPageLabel: t('analytics.pagination.previous'),
              pageLabel: (page) => t('analytics.pagination.page', { page: String(page) }),
              paginationLabel: t('analytics.pagination.label', { name: table.ariaLabels?.tableLabel ?? '' }),
            }}
          />
        ) : undefined
      }
    />
  );
};
