/** The punch list's answers (issue 30), shared by the API and the web app. */

export interface PunchItem {
  readonly id: string;
}
