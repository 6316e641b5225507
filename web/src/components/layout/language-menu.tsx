import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../lib/language';
import { Flag } from './flags';

/** The language switcher's menu, loaded when first opened. */
export default function LanguageMenu({
  id,
  anchor,
  language,
  onClose,
  onChoose,
}: {
  id: string;
  anchor: HTMLElement | null;
  language: Language;
  onClose: () => void;
  onChoose: (language: Language) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {LANGUAGES.map((option) => (
        <MenuItem
          key={option}
          lang={option}
          selected={option === language}
          aria-current={option === language ? 'true' : undefined}
          onClick={() => onChoose(option)}
        >
          <Flag language={option} />
          <ListItemText>{t(`language.${option}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
