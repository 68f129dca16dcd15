enum _PlaceholderFactoryCore {}
