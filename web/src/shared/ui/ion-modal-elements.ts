import { IonContent as IonContentElement, defineCustomElement as defineContent } from '@ionic/core/components/ion-content.js';
import { IonModal as IonModalElement, defineCustomElement as defineModal } from '@ionic/core/components/ion-modal.js';
import { IonTitle as IonTitleElement, defineCustomElement as defineTitle } from '@ionic/core/components/ion-title.js';
import { IonToolbar as IonToolbarElement, defineCustomElement as defineToolbar } from '@ionic/core/components/ion-toolbar.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

/*
 * Ionic's modal and the elements inside it, wrapped per element as app/shell/ionic-elements.ts
 * does (the Stencil React output target over @ionic/core's custom elements), for modals that
 * load in their own lazy chunk. Importing `@ionic/react` there instead would make its one
 * module shared with the screen that opens the modal, and ion-modal with its overlay code
 * would load with that screen. The modal is inline: render it with isOpen
 * and set isOpen back to false on onModalDidDismiss (Escape, the backdrop, a swipe), with its
 * content in one <div className="ion-page"> (a bar with the toolbar, then ion-content; not
 * ion-header, a second banner landmark), as @ionic/react's IonModal does.
 */

export const IonModal = createComponent({
  tagName: 'ion-modal',
  elementClass: IonModalElement,
  react: React,
  events: { onModalDidDismiss: 'ionModalDidDismiss' },
  defineCustomElement: defineModal,
});
export const IonToolbar = createComponent<IonToolbarElement>({ tagName: 'ion-toolbar', elementClass: IonToolbarElement, react: React, events: {}, defineCustomElement: defineToolbar });
export const IonTitle = createComponent<IonTitleElement>({ tagName: 'ion-title', elementClass: IonTitleElement, react: React, events: {}, defineCustomElement: defineTitle });
export const IonContent = createComponent<IonContentElement>({ tagName: 'ion-content', elementClass: IonContentElement, react: React, events: {}, defineCustomElement: defineContent });
