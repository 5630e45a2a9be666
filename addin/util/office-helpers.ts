// @microsoft/office-js-helpers is a webpack-built UMD bundle: the pane's webpack build sees its exports
// (Utilities, Storage…) as named exports, while Node (unit tests through tsx) sees one CommonJS default
// whose properties they are. This module gives both the same object.
import * as imported from '@microsoft/office-js-helpers';

type Helpers = typeof imported;

export const OfficeHelpers: Helpers = 'Utilities' in imported && imported.Utilities ? imported : (imported as unknown as { default: Helpers }).default;
