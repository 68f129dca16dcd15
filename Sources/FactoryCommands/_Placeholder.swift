enum _PlaceholderFactoryCommands {}
