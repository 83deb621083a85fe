import { IonItem as IonItemElement, defineCustomElement as defineItem } from '@ionic/core/components/ion-item.js';
import { IonLabel as IonLabelElement, defineCustomElement as defineLabel } from '@ionic/core/components/ion-label.js';
import { IonList as IonListElement, defineCustomElement as defineList } from '@ionic/core/components/ion-list.js';
import { IonMenu as IonMenuElement, defineCustomElement as defineMenu } from '@ionic/core/components/ion-menu.js';
import { IonTitle as IonTitleElement, defineCustomElement as defineTitle } from '@ionic/core/components/ion-title.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

// The Ionic elements only the phones' side menu renders (see ionic-elements.ts): they load with
// the menu's own chunk, never with the first screen.

export const IonItem = createComponent<IonItemElement>({ tagName: 'ion-item', elementClass: IonItemElement, react: React, events: {}, defineCustomElement: defineItem });
export const IonLabel = createComponent<IonLabelElement>({ tagName: 'ion-label', elementClass: IonLabelElement, react: React, events: {}, defineCustomElement: defineLabel });
export const IonList = createComponent<IonListElement>({ tagName: 'ion-list', elementClass: IonListElement, react: React, events: {}, defineCustomElement: defineList });
export const IonMenu = createComponent<IonMenuElement>({ tagName: 'ion-menu', elementClass: IonMenuElement, react: React, events: {}, defineCustomElement: defineMenu });
export const IonTitle = createComponent<IonTitleElement>({ tagName: 'ion-title', elementClass: IonTitleElement, react: React, events: {}, defineCustomElement: defineTitle });
