import { contextBridge, ipcRenderer } from 'electron';
import { createWorkbenchApi } from './api';

// Sandboxed preload: exposes exactly `{ invoke, on, upload, sourceContent }` as window.workbench.
contextBridge.exposeInMainWorld('workbench', createWorkbenchApi(ipcRenderer));
