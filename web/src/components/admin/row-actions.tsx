import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

export interface RowAction {
  key: string;
  /** Says what the button does, and to which record ("Cancel booking RP-…"). */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: 'default' | 'primary' | 'error' | 'success' | 'warning';
}

/** A row's actions as labelled icon buttons, reachable by keyboard. */
export function RowActions({ actions }: { actions: ReadonlyArray<RowAction | false | null> }) {
  return (
    // The buttons wrap onto a second line where the cell is narrower than them (a phone's actions column): a button
    // half outside its cell is clipped, and a tap on its middle lands on the cell beside it.
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', py: 0.5 }}>
      {actions.filter((action): action is RowAction => Boolean(action)).map((action) => (
        <Tooltip key={action.key} title={action.label}>
          <IconButton aria-label={action.label} onClick={action.onClick} color={action.color ?? 'default'} size="small" sx={{ width: 36, height: 36 }}>
            {action.icon}
          </IconButton>
        </Tooltip>
      ))}
    </Stack>
  );
}
