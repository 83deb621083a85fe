import { initialize, type IonicConfig } from '@ionic/core/components';
import { IonApp as IonAppElement, defineCustomElement as defineApp } from '@ionic/core/components/ion-app.js';
import { IonButtons as IonButtonsElement, defineCustomElement as defineButtons } from '@ionic/core/components/ion-buttons.js';
import { IonContent as IonContentElement, defineCustomElement as defineContent } from '@ionic/core/components/ion-content.js';
import { IonHeader as IonHeaderElement, defineCustomElement as defineHeader } from '@ionic/core/components/ion-header.js';
import { IonMenuButton as IonMenuButtonElement, defineCustomElement as defineMenuButton } from '@ionic/core/components/ion-menu-button.js';
import { IonSpinner as IonSpinnerElement, defineCustomElement as defineSpinner } from '@ionic/core/components/ion-spinner.js';
import { IonToolbar as IonToolbarElement, defineCustomElement as defineToolbar } from '@ionic/core/components/ion-toolbar.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

/*
 * The Ionic components the signed-in shell uses, and nothing else. `@ionic/react` is one module
 * that wraps every Ionic component and keeps its router, tabs, navigation and overlay managers
 * (ion-tabs, ion-nav, ion-back-button, ion-router-outlet, ionicons' whole icon set) in any chunk
 * that imports it, used or not; these are the same wrappers it makes (the Stencil React output
 * target over @ionic/core's per-component custom elements), one per element the shell renders.
 * The shell uses no Ionic overlay, router or page transition, so IonApp's overlay manager and
 * IonPage's router hooks are not needed: the page is a plain `.ion-page` element. The phones'
 * side menu has its own (ionic-menu-elements.ts), loaded with it after the first screen.
 */

/** Ionic's global set-up, as `setupIonicReact` does it (custom-elements build, then config). */
export function setupIonic(config: IonicConfig) {
  document.documentElement.classList.add('ion-ce');
  initialize(config);
}

export const IonApp = createComponent<IonAppElement>({ tagName: 'ion-app', elementClass: IonAppElement, react: React, events: {}, defineCustomElement: defineApp });
export const IonButtons = createComponent<IonButtonsElement>({ tagName: 'ion-buttons', elementClass: IonButtonsElement, react: React, events: {}, defineCustomElement: defineButtons });
export const IonContent = createComponent<IonContentElement>({ tagName: 'ion-content', elementClass: IonContentElement, react: React, events: {}, defineCustomElement: defineContent });
export const IonHeader = createComponent<IonHeaderElement>({ tagName: 'ion-header', elementClass: IonHeaderElement, react: React, events: {}, defineCustomElement: defineHeader });
export const IonMenuButton = createComponent<IonMenuButtonElement>({ tagName: 'ion-menu-button', elementClass: IonMenuButtonElement, react: React, events: {}, defineCustomElement: defineMenuButton });
export const IonSpinner = createComponent<IonSpinnerElement>({ tagName: 'ion-spinner', elementClass: IonSpinnerElement, react: React, events: {}, defineCustomElement: defineSpinner });
export const IonToolbar = createComponent<IonToolbarElement>({ tagName: 'ion-toolbar', elementClass: IonToolbarElement, react: React, events: {}, defineCustomElement: defineToolbar });
