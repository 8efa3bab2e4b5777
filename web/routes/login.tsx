import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../auth/login-screen';
import { parseSignInSearch } from '../auth/verify-search';

export const Route = createFileRoute('/login')({ validateSearch: parseSignInSearch, component: LoginScreen });
