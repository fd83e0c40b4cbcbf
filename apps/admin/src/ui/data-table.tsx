import { flexRender, type Table } from '@tanstack/react-table';
import type { BaseRecord, HttpError, useTableReturnType } from '@refinedev/core';
import { Empty, Failed, Loading } from './states.tsx';

/**
 * A list's grid: TanStack Table's rows and columns as Refine's useTable paged them on the server,
 * with the waiting, empty and failed states and the pager. Only the current page is in the browser.
 */
export function DataTable<T extends BaseRecord>({
  table,
  core,
  empty,
  label,
  onRowClick,
  exactTotal = true,
  cards = false,
}: {
  table: Table<T>;
  core: useTableReturnType<T, HttpError>;
  empty: { title: string; hint?: string };
  label: string;
  onRowClick?: (row: T) => void;
  /** False where the call has no count (the audit log): the pager then says "page N" only. */
  exactTotal?: boolean;
  /**
   * On a phone (≤ 640 px) each row becomes a card, every cell under its column's name (the
   * approval queues: a manager works them from a phone).
   */
  cards?: boolean;
}) {
  const query = core.tableQuery;
  const rows = table.getRowModel().rows;
  const page = core.currentPage;
  const pages = Math.max(1, core.pageCount);
  const total = query.data?.total ?? 0;
  return (
    <div className="table-card">
      <div className="table-scroll">
        <table className={cards ? 'grid grid-cards' : 'grid'} aria-label={label} aria-busy={query.isFetching}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    style={header.column.columnDef.size ? { width: header.column.columnDef.size } : undefined}
                    className={
                      (header.column.columnDef.meta as { className?: string } | undefined)?.className
                    }
                  >
                    {header.isPlaceholder
                      ? null
                      : flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                className={onRowClick ? 'clickable' : undefined}
                onClick={onRowClick ? () => onRowClick(row.original) : undefined}
              >
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={(cell.column.columnDef.meta as { className?: string } | undefined)?.className}
                    data-label={
                      cards && typeof cell.column.columnDef.header === 'string'
                        ? cell.column.columnDef.header
                        : undefined
                    }
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {query.isLoading ? <Loading /> : null}
        {query.isError ? <Failed error={query.error} retry={() => void query.refetch()} /> : null}
        {query.isSuccess && rows.length === 0 ? <Empty title={empty.title}>{empty.hint}</Empty> : null}
      </div>
      <footer className="pager">
        <span className="muted small">
          {exactTotal
            ? `${total.toLocaleString()} in all · page ${page} of ${pages}`
            : `Page ${page}${core.pageCount > page ? ' · more after this page' : rows.length ? ' · end of the log' : ''}`}
        </span>
        <div className="pager-buttons">
          <button
            type="button"
            className="button"
            disabled={page <= 1}
            onClick={() => core.setCurrentPage(1)}
          >
            First
          </button>
          <button
            type="button"
            className="button"
            disabled={page <= 1}
            onClick={() => core.setCurrentPage(page - 1)}
          >
            Previous
          </button>
          <button
            type="button"
            className="button"
            disabled={page >= pages}
            onClick={() => core.setCurrentPage(page + 1)}
          >
            Next
          </button>
        </div>
      </footer>
    </div>
  );
}
