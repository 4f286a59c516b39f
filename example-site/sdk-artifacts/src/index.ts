/**
 * A small client for the Notes API.
 *
 * @packageDocumentation
 */

/** Who may read a note. */
export enum Visibility {
  /** Only its author. */
  Private = 'private',
  /** Everyone in the author's workspace. */
  Workspace = 'workspace',
  /** Anyone with the link. */
  Public = 'public',
}

/** The identifier of a note, such as `note_8f2k`. */
export type NoteId = string;

/** A note as the API returns it. */
export interface Note {
  /** The note's identifier. */
  id: NoteId;
  /** The note's title, at most 200 characters. */
  title: string;
  /** The note's text, in Markdown. */
  body: string;
  /** Who may read the note. */
  visibility: Visibility;
  /** When the note was created, as an ISO 8601 timestamp. */
  createdAt: string;
}

/** What a new note holds. */
export interface NoteInput {
  /** The title of the note. */
  title: string;
  /** The text of the note, in Markdown. */
  body?: string;
  /** Who may read it; private unless set. */
  visibility?: Visibility;
}

/** How a client reaches the API. */
export interface ClientOptions {
  /** The API key, sent as a bearer token. */
  apiKey: string;
  /** The API's address. */
  baseUrl?: string;
  /** How long to wait for an answer, in milliseconds. */
  timeoutMs?: number;
}

/** One page of a list, with the cursor of the next. */
export interface Page<T> {
  /** The items of this page. */
  items: T[];
  /** Pass it as `cursor` to get the next page; `null` on the last one. */
  nextCursor: string | null;
}

/** The error a call throws when the API answers with an error status. */
export class ApiError extends Error {
  /** The HTTP status of the answer. */
  readonly status: number;

  /**
   * @param status The HTTP status of the answer.
   * @param message What went wrong, as the API says it.
   */
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * Calls the Notes API. Create one with {@link createClient}, or with `new`.
 *
 * @example
 * ```ts
 * const notes = new NotesClient({ apiKey: process.env.NOTES_KEY! });
 * const note = await notes.getNote('note_8f2k');
 * ```
 */
export class NotesClient {
  /** The address calls go to. */
  readonly baseUrl: string;
  private readonly options: ClientOptions;

  /**
   * @param options How to reach the API: the key, and optionally its address and a timeout.
   */
  constructor(options: ClientOptions) {
    this.options = options;
    this.baseUrl = options.baseUrl ?? 'https://api.notes.example';
  }

  /**
   * Lists the notes the key may read, newest first.
   *
   * @param limit How many notes per page, from 1 to 100.
   * @param cursor The `nextCursor` of the previous page.
   * @returns A page of notes.
   */
  async listNotes(limit = 20, cursor?: string): Promise<Page<Note>> {
    return this.call('GET', `/notes?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
  }

  /**
   * Gets one note.
   *
   * @param id The note's identifier.
   * @returns The note.
   * @throws {@link ApiError} with status 404 when there is no such note.
   */
  async getNote(id: NoteId): Promise<Note> {
    return this.call('GET', `/notes/${id}`);
  }

  /**
   * Creates a note.
   *
   * @param input The new note's title, text and visibility.
   * @returns The note as stored, with its identifier.
   */
  async createNote(input: NoteInput): Promise<Note> {
    return this.call('POST', '/notes', input);
  }

  /**
   * Deletes a note.
   *
   * @param id The note's identifier.
   * @deprecated Archive notes with {@link NotesClient.createNote} instead; deletion will be removed in 2.0.
   */
  async deleteNote(id: NoteId): Promise<void> {
    await this.call('DELETE', `/notes/${id}`);
  }

  private async call<T>(method: string, route: string, body?: unknown): Promise<T> {
    const response = await fetch(this.baseUrl + route, {
      method,
      headers: { authorization: `Bearer ${this.options.apiKey}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (!response.ok) throw new ApiError(response.status, await response.text());
    return (await response.json()) as T;
  }
}

/** The version of this SDK. */
export const SDK_VERSION = '1.4.0';

/**
 * Creates a client.
 *
 * @param apiKey The API key.
 * @param options Other settings of the client.
 * @returns A client ready to call the API.
 */
export function createClient(apiKey: string, options: Omit<ClientOptions, 'apiKey'> = {}): NotesClient {
  return new NotesClient({ ...options, apiKey });
}
