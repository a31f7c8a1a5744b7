import { useParams } from 'react-router';

import {
  DocTypeWizard,
  EditDocTypeWizard,
  type WizardServices,
} from '@/features/doc-types/components/doc-type-wizard';
import { extractFile } from '@/features/files/api/extract-file';
import { uploadFile } from '@/features/files/api/upload-file';
import { KnowledgeDocuments } from '@/features/rag/components/knowledge-documents';

/** The wizard gets file handling and knowledge documents from their own features. */
const services: WizardServices = {
  files: { uploadFile, suggestSchema: extractFile },
  renderKnowledgeDocuments: (props) => <KnowledgeDocuments {...props} />,
};

/** /doc-types/new */
export function DocTypeNewRoute() {
  return <DocTypeWizard mode="create" {...services} />;
}

/** /doc-types/:id/edit */
export function DocTypeEditRoute() {
  const { id = '' } = useParams();
  return <EditDocTypeWizard id={id} {...services} />;
}
