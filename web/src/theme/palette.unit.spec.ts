import { createTheme } from '@mui/material/styles';
import { getContrastRatio } from '@mui/system/colorManipulator';
import { describe, expect, it } from 'vitest';
import { palette } from './palette';

const theme = createTheme({ palette });
const { palette: p } = theme;
const AA = 4.5;
const intents = ['primary', 'secondary', 'success', 'warning', 'error', 'info'] as const;
const backgrounds = { white: p.background.paper, page: p.background.default };

describe('palette contrast (WCAG AA, 4.5:1 for text)', () => {
  it.each(intents)('%s text reads on the page and on cards', (intent) => {
    for (const background of Object.values(backgrounds)) expect(getContrastRatio(p[intent].main, background)).toBeGreaterThanOrEqual(AA);
  });

  it.each(intents)('%s chips, filled alerts and contained buttons read', (intent) => {
    expect(getContrastRatio(p[intent].contrastText, p[intent].main)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(p[intent].contrastText, p[intent].dark)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(p.getContrastText(p[intent].main), p[intent].main)).toBeGreaterThanOrEqual(AA);
  });

  it.each(intents)('%s standard alerts read', (intent) => {
    // What MUI's Alert draws in light mode: darkened light colour on a very light background.
    expect(getContrastRatio(theme.darken(p[intent].light, 0.6), theme.lighten(p[intent].light, 0.9))).toBeGreaterThanOrEqual(AA);
  });

  it('body and secondary text read on the page and on cards', () => {
    for (const background of Object.values(backgrounds)) {
      expect(getContrastRatio(p.text.primary, background)).toBeGreaterThanOrEqual(AA);
      expect(getContrastRatio(p.text.secondary, background)).toBeGreaterThanOrEqual(AA);
    }
  });
});
