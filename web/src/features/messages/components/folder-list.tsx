import { unreadCountText, type Folder, type FolderKey } from '../messages-rules';

interface Props {
  folders: readonly Folder[];
  current: FolderKey;
  counts: Partial<Record<FolderKey, number>>;
  /** Phones: a dropdown (spec 3 §2.1 "Folder dropdown"); wider screens: a list. */
  asDropdown: boolean;
  onChoose(folder: FolderKey): void;
}

const labelOf = (folder: Folder, counts: Props['counts']) => {
  const count = unreadCountText(counts[folder.key] ?? 0);
  return count ? `${folder.name} ${count}` : folder.name;
};

/** The folders with their unread counts ('(20+)' above 20). */
export function FolderList({ folders, current, counts, asDropdown, onChoose }: Props) {
  if (asDropdown) {
    return (
      <div className="field messages-folders__select">
        <label htmlFor="messages-folder">Folder</label>
        <select id="messages-folder" value={current} onChange={(event) => onChoose(event.target.value as FolderKey)}>
          {folders.map((folder) => (
            <option key={folder.key} value={folder.key}>
              {labelOf(folder, counts)}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <nav className="messages-folders" aria-label="Folders">
      <ul>
        {folders.map((folder) => {
          const count = unreadCountText(counts[folder.key] ?? 0);
          return (
            <li key={folder.key}>
              <button type="button" aria-current={folder.key === current ? 'page' : undefined} onClick={() => onChoose(folder.key)}>
                <span>{folder.name}</span>{' '}
                {count && (
                  <span className="messages-folders__count">
                    <span aria-hidden="true">{count}</span>
                    <span className="visually-hidden">{count.replace(/[()]/g, '')} unread</span>
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
