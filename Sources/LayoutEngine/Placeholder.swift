public enum LayoutEnginePlaceholder {}
