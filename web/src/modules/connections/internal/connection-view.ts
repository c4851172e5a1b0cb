import { NOT_CONNECTED, type Connection, type ConnectionType, type ConnectionViewState } from '#shared/schemas/connections';

/** What a card shows: the connection's own state, or not connected when the brand has none of the type. */
export type ShownState = ConnectionViewState;

export const connectionState = (connection: Connection | undefined): ShownState => connection?.state ?? NOT_CONNECTED;

/** The brand's connection of a type, when it has one (the list may name absent types as not connected). */
export const connectionOf = (items: readonly Connection[] | undefined, type: ConnectionType): Connection | undefined => {
  const found = items?.find((item) => item.type === type);
  return found && connectionState(found) !== NOT_CONNECTED ? found : undefined;
};

/**
 * An address from the provider (a profile, a picture, the account's own website) as a link target: only http(s),
 * so a `javascript:` website typed into a profile never becomes a link of this app.
 */
export const webAddress = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};
