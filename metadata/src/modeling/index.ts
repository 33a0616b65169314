export * from './bundle';
export * from './changeClassifier';
export * from './documentDiff';
export * from './documentKey';
export * from './references';
export * from './storageShape';
