import Box from '@mui/material/Box';
import { useId } from 'react';
import type { Language } from '../../lib/language';

/** Inline flags: no image request, and they look the same on every system (emoji flags do not on Windows). */
export function Flag({ language, size = 20 }: { language: Language; size?: number }) {
  const height = Math.round((size * 2) / 3);
  // The switcher shows a flag in its button and in its menu at once: each clip path needs its own id.
  const clipId = useId();
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{ display: 'inline-flex', lineHeight: 0, borderRadius: '2px', overflow: 'hidden', boxShadow: '0 0 0 1px rgba(0,0,0,0.15)' }}
    >
      {language === 'fr' ? (
        <svg width={size} height={height} viewBox="0 0 3 2" focusable="false">
          <rect width="1" height="2" x="0" fill="#002654" />
          <rect width="1" height="2" x="1" fill="#ffffff" />
          <rect width="1" height="2" x="2" fill="#ce1126" />
        </svg>
      ) : (
        <svg width={size} height={height} viewBox="0 0 60 40" focusable="false" preserveAspectRatio="none">
          <clipPath id={clipId}>
            <path d="M30,20 h30 v20 z v20 h-30 z h-30 v-20 z v-20 h30 z" />
          </clipPath>
          <rect width="60" height="40" fill="#012169" />
          <path d="M0,0 L60,40 M60,0 L0,40" stroke="#ffffff" strokeWidth="8" />
          <path d="M0,0 L60,40 M60,0 L0,40" clipPath={`url(#${clipId})`} stroke="#C8102E" strokeWidth="5" />
          <path d="M30,0 v40 M0,20 h60" stroke="#ffffff" strokeWidth="12" />
          <path d="M30,0 v40 M0,20 h60" stroke="#C8102E" strokeWidth="7" />
        </svg>
      )}
    </Box>
  );
}
