enum _PlaceholderFactoryTesting {}
