import type {
  Cell,
  CellLink,
  Dropdown,
  DropdownEntry,
  Header,
  MultiTableRow,
  PageLink,
  PageName,
  Region,
  ReloadLink,
  Row,
  Slider,
  Tab,
  TableData,
  TableEnvelope,
} from './wire.js';
import { translate, type Locale, type Translated } from './locale.js';

/** One builder for every table and attribute list: key order and the always-present data keys live here only. */
export function tableEnvelope(baseUrl: string, subtype: TableEnvelope['subtype'], data: Partial<TableData>): TableEnvelope {
  return {
    type: 'table',
    subtype,
    doc: `${baseUrl}/api/doc/${subtype}`,
    data: {
      context: data.context ?? null,
      headers: data.headers ?? [],
      title: data.title ?? null,
      subtitle: data.subtitle ?? null,
      tabs: data.tabs ?? [],
      slider: data.slider ?? null,
      regions: data.regions ?? [],
    },
  };
}

/**
 * The federation's multi table (MULTI_TABLE): a table envelope whose one region has a row per table,
 * each row holding a whole table or attribute list under `table`, as its own route answers it.
 */
export function multiTableEnvelope(baseUrl: string, data: Pick<Partial<TableData>, 'context' | 'title' | 'subtitle'>, tables: TableEnvelope[]): TableEnvelope {
  const rows: MultiTableRow[] = tables.map((table) => ({ highlight: false, cells: [], table }));
  return tableEnvelope(baseUrl, 'multi', { ...data, regions: [region(null, rows)] });
}

/**
 * A table column as a module declares it, once: its header key (`undefined` for a `-` separator
 * column), its text (translated, or a literal such as `-` or `📺`) and its layout.
 */
export interface Column {
  key: string | undefined;
  text: Translated | string;
  /** Default: the text. */
  short?: string;
  align?: Header['align'];
  width?: number;
}

export function column(key: string | undefined, text: Translated | string, layout: Omit<Column, 'key' | 'text'> = {}): Column {
  return { key, text, ...layout };
}

/** The wire headers of declared columns: `text, key?, long, short, prefer, align?, width?`, in that order. */
export function headers(columns: readonly Column[], locale: Locale): Header[] {
  return columns.map((declared) => {
    const text = typeof declared.text === 'string' ? declared.text : translate(declared.text, locale);
    const result: Header = { text, ...(declared.key === undefined ? {} : { key: declared.key }), long: text, short: declared.short ?? text, prefer: 'fit' };
    if (declared.align) result.align = declared.align;
    if (declared.width !== undefined) result.width = declared.width;
    return result;
  });
}

export function textCell(...lines: (string | number | null | undefined)[]): Cell {
  return { text: lines.filter((line) => line !== null && line !== undefined).map(String) };
}

export function linkedText(link: CellLink, ...lines: (string | number | null | undefined)[]): Cell {
  return { ...textCell(...lines), link };
}

export function imageCell(url: string | null, alt: string, link?: CellLink): Cell {
  return { image: { alt, url: url ?? '' }, ...(link ? { link } : {}) };
}

/** Deployed responses keep the url object when a link is unknown (`href: null`); clients read `url.text`. */
export function urlCell(href: string | null, text: string): Cell {
  return { url: { href: href || null, text } };
}

export function pageLink(page: PageName, ...ids: (number | string | null)[]): PageLink {
  return { type: 'page', page, ids };
}

export function mapLink(venue: { longitude: number; latitude: number } | null): CellLink | undefined {
  return venue ? { type: 'map', x: venue.longitude, y: venue.latitude } : undefined;
}

export function reload(resource: string, setInContext: Record<string, unknown>, ids?: (number | string | null)[]): ReloadLink {
  return { type: 'reload', set_in_context: setInContext, resource, ...(ids ? { ids } : {}) };
}

/** A tab, key order as deployed: `text, type, link, highlight`; `text` is one string (WIRE.md §2), or lines as a ranking tab's `[league, group]`. */
export function tab(text: string | string[], link: ReloadLink, highlight = false): Tab {
  return { text, type: 'tab', link, highlight };
}

export function row(cells: Cell[], extra: Record<string, unknown> = {}): Row {
  return { ...extra, highlight: false, cells } as Row;
}

export function region(text: string | null, rows: Row[]): Region {
  return { text, rows };
}

export function dropdown(text: string, resource: string, level: string, entries: DropdownEntry[]): Dropdown {
  return { type: 'dropdown', text, resource, entries, levels: [level], highlight: false };
}

export function dropdownEntry(text: string, setInContext: Record<string, unknown>, highlight = false): DropdownEntry {
  return { text, set_in_context: setInContext, entries: [], highlight };
}

export function slider(text: string, prev: ReloadLink | null, next: ReloadLink | null): Slider {
  return { text, next, prev };
}
