import Foundation

typealias TimeoutError = API.Timeout
