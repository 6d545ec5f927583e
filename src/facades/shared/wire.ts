/** The shapes deployed clients of the main interface parse (../shared/compat/WIRE.md §1–3). */

export type PageName = 'game_detail' | 'team_detail' | 'player_detail' | 'league_group_detail';

export interface PageLink {
  type: 'page';
  page: PageName;
  ids: (number | string | null)[];
}

export interface MapLink {
  type: 'map';
  x: number;
  y: number;
}

export interface ReloadLink {
  type: 'reload';
  set_in_context: Record<string, unknown>;
  resource: string;
  ids?: (number | string | null)[];
}

export type CellLink = PageLink | MapLink;

export interface Cell {
  text?: string[];
  image?: { alt: string; url: string };
  url?: { href: string | null; text: string };
  link?: CellLink;
}

export interface Row {
  highlight: boolean;
  cells: Cell[];
  [extra: string]: unknown;
}

export interface Region {
  text: string | null;
  rows: Row[];
}

export interface Header {
  text: string;
  key?: string;
  long: string;
  short: string;
  prefer: 'fit';
  align?: 'l' | 'r' | 'c';
  width?: number;
}

/** Key order as captured from the deployed service: text, next, prev. */
export interface Slider {
  text: string;
  next: ReloadLink | null;
  prev: ReloadLink | null;
}

export interface Tab {
  /** One string; a ranking tab's is `[league, group]`, as the live-score client reads it (docs/decisions.md, Rankings). */
  text: string | string[];
  type: 'tab';
  link: ReloadLink;
  highlight: boolean;
}

export interface TableData {
  context: Record<string, unknown> | null;
  headers: Header[];
  title: string | null;
  subtitle: string | null;
  tabs: Tab[];
  slider: Slider | null;
  regions: Region[];
}

export interface TableEnvelope {
  type: 'table';
  /** `multi`: the federation's MULTI_TABLE, whose rows each hold a table or attribute list (MultiTableRow). */
  subtype: 'table' | 'attribute_list' | 'multi';
  doc: string;
  data: TableData;
}

/**
 * A row of a multi table: the table to hand to the same renderer under `table`, and no cells of its
 * own (`cells` is kept, empty, for clients that read every row's cells without a guard).
 */
export interface MultiTableRow extends Row {
  table: TableEnvelope;
}

export interface DropdownEntry {
  text: string;
  set_in_context: Record<string, unknown>;
  entries: DropdownEntry[];
  highlight: boolean;
}

export interface Dropdown {
  type: 'dropdown';
  text: string;
  resource: string;
  entries: DropdownEntry[];
  levels: string[];
  highlight: false;
}
