/** Change orders' answers (issue 30), shared by the API and the web app. */

export interface ChangeOrder {
  readonly id: string;
}
