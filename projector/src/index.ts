export { startProjector, applyEvent, CHECKPOINTS_COLLECTION, type RunningProjector, type ProjectorDeps, type Logger } from './projector';
export { allProjections } from './projections';
