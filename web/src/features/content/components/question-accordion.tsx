import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

type QuestionAnswer = { question: string; answer: string };

/**
 * Questions as an accordion: each question is a button (Enter or Space opens it) inside an h3, and its answer a
 * region named by the question.
 */
export function QuestionAccordion({ questions }: { questions: Record<string, QuestionAnswer> }) {
  const baseId = useId();
  return (
    <Box>
      {Object.entries(questions).map(([key, { question, answer }]) => {
        const summaryId = `${baseId}-${key}-question`;
        const answerId = `${baseId}-${key}-answer`;
        return (
          <Accordion key={key} disableGutters variant="outlined" slotProps={{ heading: { component: 'h3' } }} sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}>
            <AccordionSummary id={summaryId} aria-controls={answerId} expandIcon={<ExpandMoreIcon aria-hidden="true" />}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {question}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography sx={{ color: 'text.secondary' }}>{answer}</Typography>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}
