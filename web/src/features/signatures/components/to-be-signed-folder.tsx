/**
 * The 'To be signed' folder of Messages and documents (spec 3 §2.1, §2.2): the documents to
 * sign, the signing viewer and the signing wizard. The messages page shows it when the folder is
 * chosen (ClientUser with digital signatures enabled). Built by issue 16's signatures work.
 */
export interface ToBeSignedFolderProps {
  /** Called after a document is signed or declined, so the page can refresh its counts. */
  onChanged?: () => void;
}

export function ToBeSignedFolder(_props: ToBeSignedFolderProps) {
  return (
    <section aria-labelledby="to-be-signed-heading">
      <h2 id="to-be-signed-heading">To be signed</h2>
    </section>
  );
}
