// The least configuration a real Firebase project (production) starts with.
export const REAL_PROJECT = {
  FIREBASE_PROJECT_ID: 'plauder-prod',
  SESSION_SECRET: 'x'.repeat(32),
  FIREBASE_API_KEY: 'AIzaSyExampleExampleExample',
  FIREBASE_AUTH_DOMAIN: 'plauder-prod.firebaseapp.com',
  OPERATOR_NAME: 'Plauder GmbH',
  OPERATOR_STREET: 'Hauptstraße 5',
  OPERATOR_POSTAL_CODE: '80331',
  OPERATOR_CITY: 'München',
  OPERATOR_EMAIL: 'info@plauder.de',
};
