enum _PlaceholderFactoryProviders {}
