import LayoutEngine
import HTTPServer
public enum LayoutServicePlaceholder {}
