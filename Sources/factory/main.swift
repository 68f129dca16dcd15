import FactoryCommands

// The whole tool lives in FactoryCommands; this file only starts it.
await FactoryCommand.entry()
