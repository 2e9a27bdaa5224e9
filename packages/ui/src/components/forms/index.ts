export { AccountPage } from './AccountPage';
export { CheckboxField, type CheckboxFieldProps } from './CheckboxField';
export { fieldErrorsFromIssues, focusFirstError, hasErrors, type FieldErrors } from './fieldErrors';
export { messagesOf, messagesResolver, schemaResolver } from './formResolver';
export { FormAlert, FormStatus } from './FormAlert';
export { SubmitButton } from './SubmitButton';
export { TextField, type TextFieldProps } from './TextField';
export { EmailRequestForm } from './EmailRequestForm';
export { guardSubmit, schemaCheck, useSchemaForm, type SchemaForm, type SchemaFormOptions } from './useSchemaForm';
