import { callApiForResponse } from '../api/call';
import { filenameFromDisposition, saveFile } from '../components/download';

/**
 * Export PDF (spec section 7, "Export and sharing"): the exportPdf route answers
 * the checklist as a PDF, saved as '{project name}-checklist.pdf' (the name the server gives).
 */
export async function exportProjectPdf(project: { id: string; name: string }): Promise<void> {
  const response = await callApiForResponse('exportPdf', { params: { id: project.id } });
  const filename = filenameFromDisposition(response.headers.get('content-disposition')) ?? `${project.name}-checklist.pdf`;
  saveFile(await response.blob(), filename);
}
