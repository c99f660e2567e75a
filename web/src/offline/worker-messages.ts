// What the page and the data worker of an exported file say to each other beyond ../worker/messages.
/** The capture's "URL" in an exported file: never fetched over any network, answered in the worker. */
export const EMBEDDED_CAPTURE_URL = "tapescope-embedded:capture";

export interface EmbeddedCaptureMessage {
  type: "embedded-capture";
  text: string;
}
