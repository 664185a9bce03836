"""The browser app: a FastAPI server over the rules engine, SQL storage and a static ES-module UI."""
